import { describe, expect, it } from 'vitest';
import { listOf, parseCsv, subtitleOf } from '../../../../server/cli/commands/import.ts';
import { UsageError } from '../../../../server/cli/framework.ts';
import { parseFfprobe } from '../../../../server/media/ffprobe.ts';

describe('import-video manifests and options', () => {
  it('reads CSV with quoted commas, doubled quotes, line breaks and blank lines', () => {
    expect(parseCsv('\uFEFFfile,title\r\na.mp4,"一, 二"\n\nb.mp4,"say ""hi""\nagain"\n')).toEqual([
      ['file', 'title'],
      ['a.mp4', '一, 二'],
      ['b.mp4', 'say "hi"\nagain'],
    ]);
    expect(() => parseCsv('file\n"open')).toThrow('not closed');
  });

  it('splits lists on , ; | and their full-width forms, dropping blanks', () => {
    expect(listOf(['户外,航拍', ' 清晨 ;; 夜晚|安静'])).toEqual(['户外', '航拍', '清晨', '夜晚', '安静']);
    expect(listOf('林夏、周以安，陈默')).toEqual(['林夏', '周以安', '陈默']);
    expect(listOf(undefined)).toEqual([]);
  });

  it('takes a subtitle language from the file name or a LANG= prefix, and refuses what it cannot tell', () => {
    expect(subtitleOf('trip.zh.vtt', '/data')).toEqual({ path: '/data/trip.zh.vtt', lang: 'zh' });
    expect(subtitleOf('pt-BR=notes.vtt', '/data')).toEqual({ path: '/data/notes.vtt', lang: 'pt-BR' });
    expect(() => subtitleOf('notes.vtt', '/data')).toThrow(UsageError);
    expect(() => subtitleOf('en=notes.srt', '/data')).toThrow('WebVTT');
  });
});

describe('parseFfprobe', () => {
  it('names the container, the first real picture stream (upright) and the sound', () => {
    const probe = parseFfprobe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.480000' },
      streams: [
        { codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } },
        { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30000/1001', side_data_list: [{ rotation: -90 }] },
        { codec_type: 'audio', codec_name: 'aac' },
      ],
    });
    expect(probe).toMatchObject({ container: 'mov', durationS: 12.48, video: { codec: 'h264', width: 1080, height: 1920 }, audio: { codec: 'aac' } });
    expect(probe!.video!.fps).toBeCloseTo(29.97, 2);
  });

  it('answers no picture for sound with a cover, and nothing without a container', () => {
    expect(
      parseFfprobe({
        format: { format_name: 'mp3', duration: '3' },
        streams: [{ codec_type: 'video', codec_name: 'png', width: 500, height: 500, disposition: { attached_pic: 1 } }],
      }),
    ).toMatchObject({ video: null, audio: null });
    expect(parseFfprobe({})).toBeNull();
  });
});
