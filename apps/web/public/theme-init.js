// Applied before first paint so the stored theme never flashes the other one; dark unless 'light' is stored.
// A file rather than an inline script, so the content security policy can forbid inline scripts.
(() => {
  var theme = "dark";
  try {
    if (localStorage.getItem("theme") === "light") theme = "light";
  } catch {}
  var root = document.documentElement;
  if (theme === "dark") root.classList.add("dark");
  root.style.colorScheme = theme;
})();
