/** The gazetteer's typeahead the board's forms use (entities/places' PlaceTypeahead once it lands). */
export { PlaceTypeahead } from './place-typeahead-stand-in.tsx';
