/**
 * Engine messages as people see them: onnxruntime (and other compiled
 * engines) put the path of the source file that raised an error into its
 * message (`/onnxruntime_src/onnxruntime/core/providers/cpu/tensor/expand.cc:31
 * …`), a path on the machine that built the library that says nothing to
 * the reader. The folder part of such a path is dropped; the file name and
 * line stay, as does everything else.
 */

/** A path ending in a source file (POSIX or Windows, two or more folders), with an optional `:line[:column]`. */
const SOURCE_PATH = /(?:[A-Za-z]:)?(?:[\\/][^\s\\/:'"()<>]+){2,}[\\/]([^\s\\/:'"()<>]+\.(?:cc|cpp|cxx|c|h|hpp|hxx|inl|cu|rs|go|py|mm|m))(?=[:\s'"),]|$)/g;

/**
 * `message` with the folders of every build path removed.
 *
 * @example
 * scrubBuildPaths('Non-zero status. Status Message: /onnxruntime_src/onnxruntime/core/providers/cpu/tensor/expand.cc:31 void f()');
 * // 'Non-zero status. Status Message: expand.cc:31 void f()'
 */
export function scrubBuildPaths(message: string): string {
  return message.replace(SOURCE_PATH, '$1');
}
