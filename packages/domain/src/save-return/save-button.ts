// The words of the button every question screen shows (docs/requirements.md#save-and-come-back-later), in
// a module of its own: the screens load it with the first question, and the rest of the save-and-return
// texts only with the pages that use them.

export const SAVE_FOR_LATER_BUTTON = 'Save and come back later'
