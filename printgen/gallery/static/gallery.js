// previews load as they come near the screen (a page of 500 cards stays light)
var near = new IntersectionObserver(function (entries) {
  entries.forEach(function (entry) {
    if (entry.isIntersecting) { entry.target.src = entry.target.dataset.src; near.unobserve(entry.target); }
  });
}, {rootMargin: "300px"});
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("img[data-src]").forEach(function (img) { near.observe(img); });
});
document.addEventListener("click", function (event) {
  var view = document.getElementById("view");
  var zoom = event.target.closest("a.zoom");
  if (zoom) {
    event.preventDefault();
    var img = view.querySelector("img");
    img.src = zoom.getAttribute("href");
    img.style.width = zoom.dataset.w; img.style.height = zoom.dataset.h;
    view.hidden = false;
  } else if (event.target.closest("#view")) {
    view.hidden = true;
  } else if (event.target.closest("button.all")) {
    event.target.closest("section").classList.toggle("all-over");
  } else if (event.target.closest(".turn")) {
    event.target.closest(".turn").classList.toggle("over");
  }
});
document.addEventListener("keydown", function (event) {
  if (event.key === "Escape") { document.getElementById("view").hidden = true; }
  if (event.key === "Enter" && event.target.classList.contains("turn")) { event.target.classList.toggle("over"); }
});
if (location.hash === "#check") {          // the browser test: load every image once, report failures
  window.addEventListener("load", function () {
    var loadMs = Math.round(performance.now());
    requestAnimationFrame(function () { setTimeout(function () {
      var sources = [], initial = [];
      Array.prototype.forEach.call(document.images, function (i) {
        var src = i.dataset.src || i.getAttribute("src");
        if (src && sources.indexOf(src) < 0) { sources.push(src); }
        if (i.getAttribute("src") && initial.indexOf(i.getAttribute("src")) < 0) { initial.push(i.getAttribute("src")); }
      });
      Promise.all(sources.map(function (src) {
        return new Promise(function (done) {
          var probe = new Image();
          probe.onload = function () { done(probe.naturalWidth > 0 ? null : src); };
          probe.onerror = function () { done(src); };
          probe.src = src;
        });
      })).then(function (bad) {
        document.body.setAttribute("data-check", JSON.stringify({images: sources.length, load_ms: loadMs,
          initial: initial, broken: bad.filter(function (b) { return b; })}));
      });
    }, 100); });
  });
}
