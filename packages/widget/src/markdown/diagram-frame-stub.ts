// What the diagram frame's build leaves out of Mermaid (scripts/diagram-frame.ts): KaTeX, for formulas in
// labels. A diagram with one fails with this error and shows its source.

const unavailable = () => new Error('The widget draws diagrams without formulas in labels.');

export default {
  render(): never {
    throw unavailable();
  },
  renderToString(): never {
    throw unavailable();
  },
};
