/** Entry point of dist/index.js (the action's main step). */
export {}
