// Swiper's core and the one module the carousel uses, in their own chunk: the page draws its
// carousels without them and starts Swiper only when a carousel first has to move.
export { default as Swiper } from 'swiper';
export { Autoplay } from 'swiper/modules';
