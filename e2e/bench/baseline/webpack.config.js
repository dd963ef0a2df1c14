// The baseline of the front-end bench: the same login form (mfe-auth's LoginPage) in a plain,
// non-federated React + Chakra page, one production webpack build with the same loader settings as
// the console (swc, es2020), so the ratio measures what composition costs and nothing else.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = {
  context: __dirname,
  mode: 'production',
  entry: { main: './src/main.tsx' },
  output: {
    path: path.join(__dirname, 'dist'),
    filename: '[name].[contenthash].js',
    chunkFilename: '[name].[contenthash].js',
    publicPath: '/',
    clean: true,
  },
  devtool: false,
  resolve: {
    extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    conditionNames: ['fleet-source', '...'],
  },
  module: {
    rules: [
      {
        test: /\.(ts|tsx)$/,
        exclude: /node_modules/,
        use: {
          loader: require.resolve('swc-loader'),
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2020',
            },
          },
        },
      },
      { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
    ],
  },
  plugins: [
    new HtmlWebpackPlugin({
      templateContent:
        '<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Baseline login</title></head><body><div id="root"></div></body></html>',
    }),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
};
