/**
 * What a path is, in words, when a command expects a regular file there: a
 * folder, a device, a FIFO, a socket, or a file of a kernel file system
 * (/proc, /sys …), whose files report a size of 0 or 4096 whatever they
 * hold and which no command should read whole or write.
 */
import { statfsSync, type Stats } from 'node:fs';

/**
 * The kind of a path that is not a regular file, as words ("a folder",
 * "a character device", …); null for a regular file.
 *
 * @example
 * notAFile(statSync('/dev/null')); // 'a character device'
 */
export function notAFile(stats: Stats): string | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** statfs magic numbers (linux/magic.h) of file systems the kernel makes up as they are read. */
const KERNEL_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x62656570, 'configfs'],
  [0xde5e81e4, 'efivarfs'],
  [0xcafe4a11, 'bpf'],
  [0x6165676c, 'pstore'],
]);

/**
 * The name of the kernel file system `path` (which must exist) lies on,
 * or null for an ordinary one (or where statfs is not available).
 *
 * @example
 * kernelFileSystem('/proc/self/environ'); // 'proc'
 */
export function kernelFileSystem(path: string): string | null {
  try {
    return KERNEL_FILE_SYSTEMS.get(Number(statfsSync(path).type)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Size in words, for messages: "600 MB", "12 kB".
 *
 * @example
 * sizeWords(600 * 2 ** 20); // '600 MB'
 */
export function sizeWords(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(1)} GB`;
  if (bytes >= 2 ** 20) return `${Math.round(bytes / 2 ** 20)} MB`;
  if (bytes >= 2 ** 10) return `${Math.round(bytes / 2 ** 10)} kB`;
  return `${bytes} bytes`;
}
