FROM node:20-bookworm-slim
WORKDIR /app
RUN npm i -g pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile && pnpm --filter @ss/web build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["pnpm", "--filter", "@ss/realtime", "start"]
