import { createContext, useContext } from 'react';

/**
 * Gives the focus to the conversation's composer: where a control is about to go (an unsent message's Retry
 * and Discard), the focus moves there rather than to the page.
 */
export const ComposerFocusContext = createContext<() => void>(() => undefined);
export const useFocusComposer = () => useContext(ComposerFocusContext);
