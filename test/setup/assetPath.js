// Image imports resolve to a URL string in the bundle; tests only need some string.
module.exports = 'asset.png'
