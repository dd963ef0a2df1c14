// chart.js with only what the dashboard draws (bars on a category axis, legend, tooltip): registered
// once, in the chunk the dashboard loads.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
