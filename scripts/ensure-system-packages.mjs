// Debian packages the tests need (Chromium for Playwright). Installed with apt-get when missing and we are root;
// otherwise we stop with a message that says exactly what to install.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const needed = [{ binary: '/usr/bin/chromium', pkg: 'chromium' }];

export function ensureSystemPackages() {
  const missing = needed.filter(({ binary }) => !existsSync(binary));
  if (missing.length === 0) {
    return;
  }
  const packages = missing.map(({ pkg }) => pkg);
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing Debian packages: ${packages.join(' ')}.\nInstall them with: sudo apt-get install -y ${packages.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`installing Debian packages: ${packages.join(' ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  if (update.status !== 0 || install.status !== 0 || missing.some(({ binary }) => !existsSync(binary))) {
    console.error(`apt-get could not install ${packages.join(' ')}`);
    process.exit(1);
  }
}
