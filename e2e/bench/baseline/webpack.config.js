// The baseline of the front-end bench: the same login form (mfe-auth's LoginPage) in a plain,
// non-federated React + Chakra page, one production webpack build with the console's own loaders,
// resolution and minifier (federation-config's baseConfig), so the ratio measures what composition
// costs and nothing else.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { baseConfig } = require('@fleet/federation-config');

module.exports = {
  ...baseConfig({ dir: __dirname, production: true }),
  entry: { main: './src/main.tsx' },
  output: {
    path: path.join(__dirname, 'dist'),
    filename: '[name].[contenthash].js',
    chunkFilename: '[name].[contenthash].js',
    publicPath: '/',
    clean: true,
  },
  plugins: [
    new HtmlWebpackPlugin({
      templateContent:
        '<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Baseline login</title></head><body><div id="root"></div></body></html>',
    }),
  ],
};
