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
EXPOSE 8080
USER node
# the compiled JavaScript, no TypeScript loader; signals reach node directly
CMD ["node", "dist/main.js"]
