export declare const KERNEL_SOURCE: string;
export declare const KERNEL_MODULE: string;
/** Compiles the kernel; the flags keep it free of a runtime and importing its memory from JS. */
export declare function compileKernel(): Promise<Uint8Array>;
/** The TypeScript module holding the compiled kernel. */
export declare function kernelModuleText(binary: Uint8Array): string;
