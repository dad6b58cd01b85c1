// Applies the saved theme and language before the first paint. A file rather than an inline script: the page's
// Content-Security-Policy runs scripts from Buddy's own origin only.
try {
  var theme = localStorage.getItem("vite-ui-theme") === "dark" ? "dark" : "light";
  document.documentElement.className = theme;
  document.documentElement.style.colorScheme = theme;
  var lng = localStorage.getItem("lng");
  if (lng) document.documentElement.lang = lng;
} catch {
  // storage blocked: the page keeps the light theme and German
}
