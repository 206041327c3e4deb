// previews load as they come near the screen (a page of 500 cards stays light)
var near = new IntersectionObserver(function (entries) {
  entries.forEach(function (entry) {
    if (entry.isIntersecting) { entry.target.src = entry.target.dataset.src; near.unobserve(entry.target); }
  });
}, {rootMargin: "300px"});
// the printed size: CSS millimetres times the scale a ruler found (1 until calibrated)
var MM_KEY = "printgen-mm-scale";
function mmScale() {
  var scale = 1;
  try { scale = parseFloat(localStorage.getItem(MM_KEY)) || 1; } catch (e) { /* storage off: uncalibrated */ }
  return scale > 0.2 && scale < 5 ? scale : 1;
}
function showScale() {
  var scale = mmScale(), text = scale === 1 ? " (screen not calibrated)" : " (calibrated: 1 mm = " +
    (scale * 96 / 25.4).toFixed(2) + " CSS px)";
  document.documentElement.style.setProperty("--mm", String(scale));
  document.querySelectorAll(".scale").forEach(function (span) { span.textContent = text; });
}
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("img[data-src]").forEach(function (img) { near.observe(img); });
  var lines = document.getElementById("lines"), form = document.querySelector("#calibrate form");
  lines.checked = false;
  lines.addEventListener("change", function () { document.body.classList.toggle("lines", lines.checked); });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var measured = parseFloat(form.elements.measured.value);
    if (measured > 0) {       // the bar was drawn 100 mm times the scale; it measured this
      try { localStorage.setItem(MM_KEY, String(mmScale() * 100 / measured)); } catch (e) { /* not kept */ }
    }
    form.elements.measured.value = "";
    showScale();
  });
  form.addEventListener("reset", function () {
    try { localStorage.removeItem(MM_KEY); } catch (e) { /* nothing kept */ }
    setTimeout(showScale);
  });
  showScale();
});
document.addEventListener("click", function (event) {
  var view = document.getElementById("view");
  var zoom = event.target.closest("a.zoom");
  if (zoom) {
    event.preventDefault();
    var img = view.querySelector("img");
    var cards = zoom.closest("figure").parentNode;
    img.src = zoom.getAttribute("href");
    img.style.width = "calc(" + zoom.dataset.w + " * var(--mm, 1))";
    img.style.height = "calc(" + zoom.dataset.h + " * var(--mm, 1))";
    img.parentNode.setAttribute("style", cards.getAttribute("style") || "");
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
