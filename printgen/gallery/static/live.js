window.printgenLive = function (stamp) {
  if (window.printgenStamp && window.printgenStamp !== stamp) { location.reload(); }
  window.printgenStamp = stamp;
};
setInterval(function () {
  var s = document.createElement("script");
  s.src = "_gallery/live.js?" + Date.now();
  s.onload = s.onerror = function () { s.remove(); };
  document.head.appendChild(s);
}, 1000);
