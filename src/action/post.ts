/** Entry point of dist/post.js (the action's post step). */
export {}
