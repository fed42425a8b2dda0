import sharp from 'sharp';

const PALETTES = [
  { sky: ['#f6c28b', '#f08a5d'], sun: '#fff1c1', land: ['#8a5a44', '#5b3a29'] }, // dusk
  { sky: ['#9fd3f5', '#e8f4fb'], sun: '#fff8dc', land: ['#a8b86b', '#6b7f3a'] }, // summer day
  { sky: ['#3b2c5e', '#d9737b'], sun: '#ffd6a5', land: ['#3f3a44', '#24212a'] }, // last light
  { sky: ['#c9e4f2', '#f7efe1'], sun: '#ffffff', land: ['#d8c3a5', '#a3836a'] }, // desert noon
] as const;

/**
 * A made-up western landscape (sky, sun, hills, a fence and an arena rail), rendered by sharp from
 * SVG: real photo-sized JPEGs for the demo feed, made here instead of shipped as binary files.
 */
export async function demoPhoto(seed: number, width = 1400, height = 933): Promise<Buffer> {
  const palette = PALETTES[seed % PALETTES.length] ?? PALETTES[0];
  const sunX = 200 + ((seed * 137) % (width - 400));
  const hill = (offset: number, amplitude: number) =>
    `M0 ${height * offset} ` +
    Array.from({ length: 8 }, (_, i) => {
      const x = ((i + 1) * width) / 8;
      const y = height * offset - Math.sin(seed + i * 1.3) * amplitude;
      return `Q ${x - width / 16} ${y - amplitude / 2} ${x} ${y}`;
    }).join(' ') +
    ` L ${width} ${height} L 0 ${height} Z`;
  const posts = Array.from({ length: 12 }, (_, i) => {
    const x = (i * width) / 11;
    return `<rect x="${x}" y="${height * 0.72}" width="10" height="${height * 0.16}" fill="#3b2418"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#s)"/>
    <circle cx="${sunX}" cy="${height * 0.3}" r="${60 + (seed % 4) * 12}" fill="${palette.sun}" opacity="0.9"/>
    <path d="${hill(0.62, 50)}" fill="${palette.land[0]}"/>
    <path d="${hill(0.78, 30)}" fill="${palette.land[1]}"/>
    ${posts}
    <rect x="0" y="${height * 0.75}" width="${width}" height="8" fill="#4a2c1d"/>
    <rect x="0" y="${height * 0.81}" width="${width}" height="8" fill="#4a2c1d"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
