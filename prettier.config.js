// One format for the whole repository, checked by `npm test` (`npm run lint`).
export default {
  printWidth: 120,
};
