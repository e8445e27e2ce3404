// Boots the solver worker: loads Trunk's wasm-bindgen glue (worker.js) and module (worker_bg.wasm) from beside this
// script, passing on the app's build id (?v=...) so that neither comes from a stale cache. A load failure is posted
// to the app as a protocol Error (id 0, Failure::NotLoaded) rather than left as a silent worker. Messages that come
// before the module has set its handler are held, then handed to it in order: a helper worker is sent its group
// at once, so that it starts building as soon as it has loaded, whatever its parent is doing then.
"use strict";
(function () {
  var early = [];
  function hold(event) {
    early.push(event);
  }
  self.onmessage = hold;
  var version = new URL(self.location.href).searchParams.get("v");
  var suffix = version ? "?v=" + encodeURIComponent(version) : "";
  function fail(error) {
    var detail = String(error && error.message ? error.message : error);
    self.postMessage(JSON.stringify({ id: 0, body: { Error: { failure: { NotLoaded: { detail: detail } } } } }));
  }
  try {
    importScripts("./worker.js" + suffix);
  } catch (error) {
    fail(error);
    return;
  }
  // wasm_bindgen is the no-modules glue's global; its default export starts the worker's main().
  wasm_bindgen({ module_or_path: "./worker_bg.wasm" + suffix })
    .then(function () {
      var handler = self.onmessage;
      var held = early;
      early = [];
      if (typeof handler !== "function" || handler === hold) return;
      held.forEach(function (event) {
        handler.call(self, event);
      });
    })
    .catch(fail);
})();
