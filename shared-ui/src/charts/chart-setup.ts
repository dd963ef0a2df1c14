// chart.js with only what the console draws (bars and lines on a category axis, doughnuts, legend,
// tooltip): registered once, in a chunk of its own that the first chart fetches.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
