// The baselines of the front-end bench, each a plain, non-federated React + Chakra page built in one
// production webpack build with the console's own loaders, resolution and minifier (federation-config's
// baseConfig), so a ratio measures what composition costs and nothing else:
//   - index.html (`main`): mfe-auth's login form;
//   - dashboard.html (`dashboard`): Admin's dashboard in the shell's layout (src/dashboard.tsx).
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { baseConfig } = require('@fleet/federation-config');

const page = (title) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title}</title></head><body><div id="root"></div></body></html>`;

module.exports = {
  ...baseConfig({ dir: __dirname, production: true }),
  entry: { main: './src/main.tsx', dashboard: './src/dashboard.tsx' },
  output: {
    path: path.join(__dirname, 'dist'),
    filename: '[name].[contenthash].js',
    chunkFilename: '[name].[contenthash].js',
    publicPath: '/',
    clean: true,
  },
  plugins: [
    // what the remotes' descriptions read from their build (only their metadata uses it)
    new webpack.DefinePlugin({ FLEET_REMOTE_NAME: JSON.stringify('baseline'), FLEET_REMOTE_VERSION: JSON.stringify('1.0.0'), FLEET_REQUIRES: '{}', FLEET_STANDALONE: 'false' }),
    new HtmlWebpackPlugin({ filename: 'index.html', chunks: ['main'], templateContent: page('Baseline login') }),
    new HtmlWebpackPlugin({ filename: 'dashboard.html', chunks: ['dashboard'], templateContent: page('Baseline dashboard') }),
  ],
};
