import sharp from 'sharp';

const BACKDROPS = [
  ['#f3d9b1', '#d98c5f'],
  ['#cfe6f2', '#7fb3d5'],
  ['#e9dcc9', '#a67c52'],
  ['#d8e8c8', '#8aa85f'],
  ['#f6d5d0', '#c9736b'],
  ['#e3dcf0', '#8f7bb5'],
] as const;
const SKIN = ['#f1c9a5', '#d9a066', '#a86b3c', '#7a4a26', '#e8b890', '#c68a5a'] as const;
const SHIRTS = ['#2f5d8a', '#8a2f3c', '#3f6b3a', '#6b4f2f', '#2e2e3a', '#a0522d', '#4a6d7c'] as const;
const HATS = ['#5b3a29', '#2b2b2b', '#c9a36b', '#8b5a2b', '#e8dcc2'] as const;

const pick = <T>(list: readonly T[], seed: number): T => list[seed % list.length] as T;

/**
 * A made-up portrait (backdrop, shoulders in a work shirt, a face and a cowboy hat), rendered by sharp from
 * SVG: a real square JPEG for a demo member's profile photo, made here instead of shipped as a binary file.
 */
export async function demoPortrait(seed: number, size = 640): Promise<Buffer> {
  const [light, dark] = pick(BACKDROPS, seed);
  const skin = pick(SKIN, seed * 5 + 1);
  const shirt = pick(SHIRTS, seed * 3 + 2);
  const hat = pick(HATS, seed * 7 + 3);
  const tilt = ((seed % 5) - 2) * 3;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 640 640">
    <defs><radialGradient id="b" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs>
    <rect width="640" height="640" fill="url(#b)"/>
    <path d="M90 640 C110 500 210 455 320 455 C430 455 530 500 550 640 Z" fill="${shirt}"/>
    <path d="M270 455 L320 530 L370 455 Z" fill="${skin}"/>
    <path d="M282 452 L320 505 L358 452" fill="none" stroke="#f4efe6" stroke-width="10" stroke-linejoin="round"/>
    <rect x="290" y="370" width="60" height="90" rx="24" fill="${skin}"/>
    <g transform="rotate(${tilt} 320 300)">
      <ellipse cx="320" cy="300" rx="92" ry="108" fill="${skin}"/>
      <ellipse cx="288" cy="300" rx="9" ry="11" fill="#2b1d14"/>
      <ellipse cx="352" cy="300" rx="9" ry="11" fill="#2b1d14"/>
      <path d="M292 350 Q320 372 348 350" fill="none" stroke="#7a3b2a" stroke-width="7" stroke-linecap="round"/>
      <ellipse cx="320" cy="212" rx="190" ry="34" fill="${hat}"/>
      <path d="M228 214 C228 130 262 100 290 118 C305 128 335 128 350 118 C378 100 412 130 412 214 Z" fill="${hat}"/>
      <path d="M232 192 C290 204 350 204 408 192 L410 210 C350 222 290 222 230 210 Z" fill="#3b2418" opacity="0.55"/>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
