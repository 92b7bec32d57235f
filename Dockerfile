FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
# dev dependencies are needed at build time: prisma generate runs at install, tsc compiles
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
# the data folder (the embedded database when DATABASE_URL is unset): owned by the runtime
# user, so a named volume mounted here starts writable
ENV DATA_DIR=/app/.data
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME ["/app/.data"]
EXPOSE 8080
USER node
# the compiled JavaScript, no TypeScript loader; signals reach node directly
CMD ["node", "dist/main.js"]
