var __webpack_exports__ = {};


