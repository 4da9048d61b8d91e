"use strict";
// The action's post step: the same bundle as the main step.
require('./index.js')
