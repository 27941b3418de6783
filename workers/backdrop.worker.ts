import { FRAME_DONE, type BackdropMessage } from './backdrop-messages.ts';

let context: OffscreenCanvasRenderingContext2D | null = null;

self.addEventListener('message', (event: MessageEvent<BackdropMessage>) => {
  const message = event.data;
  if ('canvas' in message) {
    context = message.canvas.getContext('2d');
    return;
  }
  try {
    context?.drawImage(message.frame, 0, 0, context.canvas.width, context.canvas.height);
  } finally {
    // A frame still held keeps one of the decoder's pictures from being reused.
    message.frame.close();
    self.postMessage(FRAME_DONE);
  }
});
