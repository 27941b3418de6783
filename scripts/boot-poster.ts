import { IMAGE_WIDTHS, IMAGE_WIDTH_SLACK } from '../protocol/image-widths.ts';
import { PC_BREAKPOINT } from '../protocol/ua.ts';

/** The element the boot poster is shown in, over the page until the page shows the poster itself. */
export const BOOT_POSTER_ID = 'md-boot-poster';

/**
 * How long the app's code waits for the boot poster at most: a poster that is slow to come (a slow
 * network, a busy worker) does not hold the page back for longer.
 */
export const APP_WAIT_MS = 1200;

/**
 * Lines of index.html's first script (scripts/route-preload.ts), run after it started the crypto
 * worker and before it asks for the page's code. On a phone's first visit to a video page the server
 * named the video's poster at the top of the head (`<meta name="md-poster">`,
 * server/plugins/page-hints.ts). The script fetches the masked poster at the width the page will ask
 * for (src/lib/unmasked-images.ts prefetchMaskedImage, protocol/image-widths.ts) ahead of the page's
 * code, which on HTTP/1.1's six connections would otherwise queue it behind thirty scripts; hands the
 * bytes to the crypto worker, which unmasks them (the main thread never does); and lays the image
 * over the page where the phone's player sits, until the page shows it itself (same blob URL, adopted
 * from `window.__mdBootPoster`), leaves the video page, or 8 s have passed. The page's largest image
 * then waits for the HTML, its own bytes and the worker, not for the app's code. The app's code (the
 * entry, the page's chunks) is asked for once the poster has painted (or failed, or after
 * APP_WAIT_MS): until then the poster and the worker have the connections and both cores to
 * themselves, and the page still comes sooner than it did beside them (first frame included, since the
 * player waits for the poster on a phone anyway).
 *
 * Expects `path` (the page's path without a trailing slash), `worker` (the crypto worker, or
 * undefined), `appWaits` (set here when the app's code is to wait) and `startApp` in scope.
 */
export function bootPosterLines(): string[] {
  return [
    '  var posterMeta = document.querySelector(\'meta[name="md-poster"]\');',
    `  if (worker && posterMeta && path === "/videoDetails" && window.innerWidth <= ${PC_BREAKPOINT} && typeof fetch === "function") {`,
    '    (function () {',
    '      var posterPath = (posterMeta.getAttribute("data-path") || "").replace(/^\\/+/, "");',
    '      if (!posterPath) return;',
    // The app's code waits until the poster has painted, at most APP_WAIT_MS.
    '      appWaits = true;',
    `      setTimeout(startApp, ${APP_WAIT_MS});`,
    // imageWidthFor: the first stored width at least 90 % of the device pixels, else the original.
    `      var widths = ${JSON.stringify(IMAGE_WIDTHS)};`,
    `      var need = window.innerWidth * (window.devicePixelRatio || 1) * ${IMAGE_WIDTH_SLACK};`,
    '      var query = "";',
    '      for (var w = 0; w < widths.length; w++) {',
    '        if (widths[w] >= need) {',
    '          query = "?w=" + widths[w];',
    '          break;',
    '        }',
    '      }',
    '      var url = (posterMeta.getAttribute("data-base") || "") + "/" + posterPath + query;',
    '      var blobUrl = new Promise(function (resolve, reject) {',
    '        worker.addEventListener("message", function answer(event) {',
    '          var data = event.data;',
    '          if (!data || data.mdBootPoster !== url) return;',
    '          worker.removeEventListener("message", answer);',
    '          if (data.blobUrl) resolve(data.blobUrl);',
    '          else reject(new Error("the poster could not be had"));',
    '        });',
    '      });',
    '      blobUrl.catch(function () {});',
    '      window.__mdBootPoster = { url: url, blobUrl: blobUrl };',
    // The masked bytes, or nothing (the worker then asks for them itself).
    '      fetch(url)',
    '        .then(function (response) {',
    '          return response.ok ? response.arrayBuffer() : null;',
    '        })',
    '        .catch(function () {',
    '          return null;',
    '        })',
    '        .then(function (masked) {',
    '          if (masked) worker.postMessage({ mdBootPoster: url, masked: masked }, [masked]);',
    '          else worker.postMessage({ mdBootPoster: url });',
    '        });',
    '      var box;',
    '      var started = Date.now();',
    '      function release() {',
    '        if (box && box.parentNode) box.parentNode.removeChild(box);',
    '      }',
    '      function watch(src) {',
    '        if (!box.parentNode) return;',
    '        var here = location.pathname.replace(/\\/+$/, "") || "/";',
    '        if (here !== "/videoDetails" || Date.now() - started > 8000) return release();',
    '        var own = document.querySelectorAll("#app img");',
    '        for (var k = 0; k < own.length; k++) {',
    '          if (own[k].src === src && own[k].complete && own[k].naturalWidth > 0) return release();',
    '        }',
    '        requestAnimationFrame(function () {',
    '          watch(src);',
    '        });',
    '      }',
    '      function show(src) {',
    '        if (!document.body) return setTimeout(show, 16, src);',
    '        box = document.createElement("div");',
    `        box.id = ${JSON.stringify(BOOT_POSTER_ID)};`,
    '        box.className = "boot-player";',
    '        box.setAttribute("aria-hidden", "true");',
    '        var image = document.createElement("img");',
    '        image.alt = "";',
    // Loaded, then painted in the next frame: the app's code may come now.
    '        image.onload = image.onerror = function () {',
    '          requestAnimationFrame(function () {',
    '            setTimeout(startApp, 0);',
    '          });',
    '        };',
    '        image.src = src;',
    '        box.appendChild(image);',
    '        document.body.appendChild(box);',
    '        watch(src);',
    '      }',
    '      blobUrl.then(show, startApp);',
    '    })();',
    '  }',
  ];
}
