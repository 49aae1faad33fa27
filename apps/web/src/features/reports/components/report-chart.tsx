import { REPORT_TEXTS as T, type ReportSection } from '@firm/shared';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import {
  chartHeight,
  chartSeriesOf,
  formatFigure,
  formatTick,
  highestFigure,
} from './report-format';

// Only what a bar chart needs: Chart.js leaves every other chart type and plugin out of the
// bundle. This module is loaded by the Reports screen alone, on demand (report-section.tsx).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);
Chart.defaults.font.family = getComputedStyle(document.documentElement).fontFamily || 'system-ui';
Chart.defaults.color = '#334155'; // slate-700: the text around it

/**
 * The bars' colours: the period in the brand's blue and the one before in grey; rows (months'
 * statuses, stacked buckets) in colours told apart by people with the common colour blindnesses.
 */
const PERIOD_COLOURS = ['#173f70', '#94a3b8'];
const ROW_COLOURS = ['#173f70', '#e2a93b', '#0f766e', '#b91c1c', '#7c3aed', '#64748b', '#0ea5e9'];

/** A label cut to fit beside the bars; the table beside the chart has it whole. */
const fitted = (label: string, width: number) => {
  const max = width < 480 ? 18 : 34;
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
};

function configOf(section: ReportSection): ChartConfiguration<'bar'> {
  const { categories, series, isStacked, seriesAre } = chartSeriesOf(section);
  const colours = seriesAre === 'columns' ? PERIOD_COLOURS : ROW_COLOURS;
  return {
    type: 'bar',
    data: {
      labels: categories,
      datasets: series.map((one, i) => ({
        label: one.label,
        data: one.values,
        backgroundColor: colours[i % colours.length],
        maxBarThickness: 22,
      })),
    },
    options: {
      // Bars lie down: their labels stay readable at 360 px however long (an advocate's name).
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      // Figures, not a show: drawn at once, and nothing moves for those who asked for less motion.
      animation: false,
      plugins: {
        legend: {
          display: series.length > 1,
          position: 'top',
          align: 'start',
          labels: { boxWidth: 12, boxHeight: 12 },
        },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label ?? ''}: ${
                item.parsed.x === null ? T.noFigure : formatFigure(section.unit, item.parsed.x)
              }`,
          },
        },
      },
      scales: {
        x: {
          stacked: isStacked,
          beginAtZero: true,
          // A share's axis is the whole: 0 to 100%.
          ...(section.unit === 'percent' ? { max: 100 } : {}),
          ticks: {
            precision: section.unit === 'count' ? 0 : undefined,
            // Level labels, fewer of them where the chart is narrow, rather than a slanted crowd.
            maxRotation: 0,
            autoSkipPadding: 16,
            callback: (value) => formatTick(section.unit, Number(value)),
          },
          grid: { color: '#e2e8f0' },
        },
        y: {
          stacked: isStacked,
          grid: { display: false },
          ticks: {
            autoSkip: false,
            callback(value) {
              return fitted(this.getLabelForValue(Number(value)), this.chart.width);
            },
          },
        },
      },
    },
  };
}

/**
 * A section's figures as bars. The canvas is an image to assistive technology, named with the
 * section and its largest figure; the table beside it is the accessible version (and what prints).
 */
export function ReportChart({ section }: { section: ReportSection }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let chart: Chart | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Each chart in a task of its own, once it comes near the screen: a report's eight charts
    // drawn in one go held a mid-range phone's main thread for a third of a second
    // (docs/decisions/032-portal-on-a-phone.md), and those never scrolled to cost nothing.
    const draw = () => {
      timer = setTimeout(() => {
        // No 2D canvas (a test's DOM): the table beside it shows the figures anyway.
        const context = element.getContext('2d');
        if (context) chart = new Chart(context, configOf(section));
      });
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              observer?.disconnect();
              draw();
            },
            { rootMargin: '200px 0px' },
          );
    if (observer) observer.observe(element);
    else draw();
    return () => {
      observer?.disconnect();
      clearTimeout(timer);
      chart?.destroy();
    };
  }, [section]);
  return (
    // Chart.js sizes the canvas to this box: the width the layout gives, the height the bars need.
    <div
      className="relative w-full min-w-0"
      style={{ height: chartHeight(chartSeriesOf(section)) }}
    >
      <canvas
        ref={canvas}
        role="img"
        aria-label={T.chartSummary(section.title, highestFigure(section))}
      />
    </div>
  );
}
