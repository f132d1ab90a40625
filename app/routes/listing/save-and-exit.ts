/** The name of a step form's "Save and exit" button: the step is saved as with Next, then the host leaves. */
export const SAVE_AND_EXIT = "saveAndExit";
