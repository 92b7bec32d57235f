// The agent door: MCP over every operation (POST/GET /mcp) and /llms.txt (issue 17).
import { defineModule } from '../module.js';

export const mcpModule = defineModule({
  name: 'mcp',
});
