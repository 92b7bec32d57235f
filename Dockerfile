FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
# dev dependencies are needed: prisma generate runs at install, tsx runs the server
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
EXPOSE 8080
USER node
CMD ["npm", "start"]
