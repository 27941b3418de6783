import { CommentSection } from '../../../components/comments/comment-section.tsx';
import { VideoReviews } from './video-reviews.tsx';
import section from './video-section.module.css';

/**
 * 影评 and the comments under the video. The page shows them once its first frame is up, so their
 * code is a chunk of its own that loads then, not with the page: the composer, the report and
 * confirm dialogs, the review cards and the write-a-review form stay off the way to the picture.
 */
export default function VideoDiscussion({ id, title, commentCount }: { id: number; title: string; commentCount: number }) {
  return (
    <>
      <VideoReviews videoId={id} videoTitle={title} />
      <CommentSection
        contentType={2}
        id={id}
        total={commentCount}
        className={section.section}
        headClassName={section.head}
        headingClassName={section.heading}
        countClassName={section.count}
      />
    </>
  );
}
