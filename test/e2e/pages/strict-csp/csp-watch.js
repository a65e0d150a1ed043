// Runs before the widget (a classic script): records every Content-Security-Policy violation of the page,
// including those inside the element's shadow root (the event bubbles to the document).
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__cspViolations.push(`${event.effectiveDirective}: ${event.blockedURI || event.sample || ''}`);
});
