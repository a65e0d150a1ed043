import type { ChartSpec } from '@agent-chat/core';
import { html, type SVGTemplateResult, svg, type TemplateResult } from 'lit';

const W = 320;
const H = 160;
const PALETTE = ['#2563eb', '#db2777', '#16a34a', '#d97706', '#7c3aed', '#0891b2'];

/** A simple SVG chart (bar, line or pie) from a tool's `chart` content, with a text alternative. */
export function renderChart(chart: ChartSpec): TemplateResult {
  const series = chart.series.filter((s) => Array.isArray(s.values));
  const summary = series.map((s) => `${s.name}: ${s.values.join(', ')}`).join('; ');
  const label = `${chart.title ?? chart.type} (${chart.labels.join(', ')}): ${summary}`;
  return html`<figure part="content-chart" class="chart">
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label=${label}>
      ${chart.type === 'pie' ? pie(chart.labels, series[0]?.values ?? []) : axes(chart, series)}
    </svg>
    ${chart.title ? html`<figcaption>${chart.title}</figcaption>` : ''}
  </figure>`;
}

function axes(chart: ChartSpec, series: ChartSpec['series']): SVGTemplateResult {
  const all = series.flatMap((s) => s.values.filter(Number.isFinite));
  const max = Math.max(1e-9, ...all);
  const n = Math.max(1, chart.labels.length);
  const slot = W / n;
  const y = (v: number) => H - 16 - (Math.max(0, v) / max) * (H - 24);
  const marks = series.map((s, si) => {
    const color = PALETTE[si % PALETTE.length];
    if (chart.type === 'line') {
      const points = s.values.map((v, i) => `${slot * i + slot / 2},${y(v)}`).join(' ');
      return svg`<polyline fill="none" stroke=${color} stroke-width="2" points=${points}></polyline>`;
    }
    const bw = (slot * 0.8) / series.length;
    return s.values.map(
      (v, i) =>
        svg`<rect x=${slot * i + slot * 0.1 + bw * si} y=${y(v)} width=${bw} height=${H - 16 - y(v)} fill=${color}></rect>`,
    );
  });
  const labels = chart.labels.map(
    (text, i) =>
      svg`<text x=${slot * i + slot / 2} y=${H - 3} text-anchor="middle" font-size="10" fill="currentColor">${text}</text>`,
  );
  return svg`${marks}${labels}`;
}

function pie(labels: string[], values: number[]): SVGTemplateResult {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0) || 1;
  const r = H / 2 - 8;
  const cx = H / 2;
  let angle = -Math.PI / 2;
  const slices = values.map((v, i) => {
    const sweep = (Math.max(0, v) / total) * Math.PI * 2;
    const [x1, y1] = [cx + r * Math.cos(angle), cx + r * Math.sin(angle)];
    angle += sweep;
    const [x2, y2] = [cx + r * Math.cos(angle), cx + r * Math.sin(angle)];
    const d = `M${cx},${cx} L${x1},${y1} A${r},${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${x2},${y2} Z`;
    return svg`<path d=${d} fill=${PALETTE[i % PALETTE.length]}><title>${labels[i]}: ${v}</title></path>`;
  });
  const legend = labels.map(
    (text, i) =>
      svg`<rect x=${H + 8} y=${12 + i * 16} width="10" height="10" fill=${PALETTE[i % PALETTE.length]}></rect>
        <text x=${H + 24} y=${21 + i * 16} font-size="11" fill="currentColor">${text}</text>`,
  );
  return svg`${slices}${legend}`;
}
