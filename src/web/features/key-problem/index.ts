// A key the exchange refuses, told in place (issue 18 item 2).
export { fixKey, KeyProblemNotice } from './KeyProblemNotice.js';
