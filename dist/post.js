// The action's post step: the same bundle as the main step.
import './index.js'
