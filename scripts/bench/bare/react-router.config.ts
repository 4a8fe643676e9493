// The bare reference page for `npm run bench`: React Router in framework mode, nothing else.
import type { Config } from "@react-router/dev/config";

export default { ssr: true } satisfies Config;
