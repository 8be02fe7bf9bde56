// Debian packages the project needs: Chromium for the browser tests, ffmpeg for video and audio processing.
// Installed with apt-get when missing and we are root.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const ffmpeg = { binary: '/usr/bin/ffmpeg', pkg: 'ffmpeg' };
const forTests = [{ binary: '/usr/bin/chromium', pkg: 'chromium' }, ffmpeg];
const forRuntime = [ffmpeg];

/** For `npm test`: stops with a message that says exactly what to install when it cannot install it. */
export function ensureSystemPackages() {
  const missing = forTests.filter(({ binary }) => !existsSync(binary));
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
  if (!aptInstall(missing)) {
    console.error(`apt-get could not install ${packages.join(' ')}`);
    process.exit(1);
  }
}

/**
 * For `npm start`: the server runs without ffmpeg (uploads, images and documents work), so a missing package
 * that cannot be installed is a warning, not a reason to stop.
 */
export function ensureRuntimePackages() {
  const missing = forRuntime.filter(({ binary }) => !existsSync(binary));
  if (missing.length === 0) {
    return;
  }
  const packages = missing.map(({ pkg }) => pkg);
  if (process.getuid?.() === 0 && aptInstall(missing)) {
    return;
  }
  console.warn(
    `warning: video and audio processing is unavailable until ffmpeg is installed: sudo apt-get install -y ${packages.join(' ')}`,
  );
}

function aptInstall(missing) {
  const packages = missing.map(({ pkg }) => pkg);
  console.log(`installing Debian packages: ${packages.join(' ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  return update.status === 0 && install.status === 0 && missing.every(({ binary }) => existsSync(binary));
}
