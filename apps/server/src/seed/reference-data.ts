/** Reference lists seeded into every database, embedded or not. Names and abbreviations as used by the sport. */
export const EVENT_TYPES = [
  { name: 'Bareback Riding', abr: 'BB' },
  { name: 'Saddle Bronc Riding', abr: 'SB' },
  { name: 'Bull Riding', abr: 'BR' },
  { name: 'Tie-Down Roping', abr: 'TD' },
  { name: 'Breakaway Roping', abr: 'BA' },
  { name: 'Team Roping', abr: 'TR' },
  { name: 'Steer Wrestling', abr: 'SW' },
  { name: 'Steer Roping', abr: 'SR' },
  { name: 'Barrel Racing', abr: 'BRL' },
  { name: 'Pole Bending', abr: 'PB' },
  { name: 'Goat Tying', abr: 'GT' },
  { name: 'Mutton Bustin', abr: 'MB' },
] as const;

export const ASSOCIATIONS = [
  { name: 'Professional Rodeo Cowboys Association', abr: 'PRCA' },
  { name: "Women's Professional Rodeo Association", abr: 'WPRA' },
  { name: 'Professional Bull Riders', abr: 'PBR' },
  { name: 'National Barrel Horse Association', abr: 'NBHA' },
  { name: 'International Professional Rodeo Association', abr: 'IPRA' },
  { name: 'National Intercollegiate Rodeo Association', abr: 'NIRA' },
  { name: 'National High School Rodeo Association', abr: 'NHSRA' },
  { name: 'American Cowboys Rodeo Association', abr: 'ACRA' },
  { name: 'United States Team Roping Championships', abr: 'USTRC' },
  { name: 'International Gay Rodeo Association', abr: 'IGRA' },
  { name: 'National Little Britches Rodeo Association', abr: 'NLBRA' },
  { name: 'Canadian Professional Rodeo Association', abr: 'CPRA' },
] as const;

/** The PRCA's twelve circuits. */
export const CIRCUITS = [
  { name: 'Columbia River Circuit', abr: 'CRC' },
  { name: 'First Frontier Circuit', abr: 'FFC' },
  { name: 'Great Lakes Circuit', abr: 'GLC' },
  { name: 'Mountain States Circuit', abr: 'MSC' },
  { name: 'Montana Circuit', abr: 'MTC' },
  { name: 'Prairie Circuit', abr: 'PRC' },
  { name: 'Southeastern Circuit', abr: 'SEC' },
  { name: 'Texas Circuit', abr: 'TXC' },
  { name: 'Turquoise Circuit', abr: 'TQC' },
  { name: 'Wilderness Circuit', abr: 'WDC' },
  { name: 'Badlands Circuit', abr: 'BLC' },
  { name: 'California Circuit', abr: 'CAC' },
] as const;
