// iconlib: the colour scheme the visitor chose with the dark mode switch (site.js), applied before the
// first paint so no page flashes the other one. Loaded in <head> without defer; the CSP allows no inline script.
try {
  const scheme = localStorage.getItem("iconlib-scheme");
  if (scheme === "dark" || scheme === "light") document.documentElement.dataset.scheme = scheme;
} catch (_) { /* storage refused: the system's scheme */ }
