/** The gazetteer (docs/decisions/030-hauling-board.md): the place typeahead and how places are shown. */
export { fetchPlaces, placeKeys, placeLabel, placesQueryOptions, usePlaces } from './api/places-api.ts';
export { foldPlaceName, locationQuery, predictPlace } from './api/predict-place.ts';
export { PLACE_TYPEAHEAD_TEXTS, PlaceTypeahead, type PlaceTypeaheadProps } from './components/place-typeahead.tsx';
