//! # cuprum-kernel-macros
//!
//! The `#[kernel]` attribute of `cuprum::jit` (re-exported there; see `cuprum_kernel::jit` for
//! the language and examples). It turns a Rust function over array parameters (`&[T]`
//! read-only, `&mut [T]` written) and scalars into a `static` [`Kernel`] holding
//!
//! - the CUDA C body of the kernel (typed per call: type parameters are `typedef`ed to the
//!   arguments' dtypes and the source goes through NVRTC and cuprum's cache), and
//! - a CPU function, the same body compiled as Rust: blocks in parallel, a block's threads as
//!   loops, cut into phases at barriers.
//!
//! Unsupported constructs are compile errors at the user's span.
//!
//! [`Kernel`]: https://docs.rs/cuprum-kernel
#![warn(missing_docs)]

mod build;
mod cgen;
mod flat;
mod ir;
mod phase;
mod rgen;

use proc_macro::TokenStream;
use quote::{format_ident, quote};

/// Turns a Rust function into a kernel that runs on CUDA (through NVRTC) and on the CPU
/// (compiled Rust). Use it as `#[jit::kernel]` with `use cuprum::jit;`; the function becomes a
/// `static` of type `jit::Kernel`, launched with `k.launch(grid, block, args![...])` or
/// `k.elementwise(args![...])`.
///
/// `#[jit::kernel(crate = path::to::jit)]` names the `jit` module when it is reached by
/// another path than `::cuprum::jit`.
#[proc_macro_attribute]
pub fn kernel(attr: TokenStream, item: TokenStream) -> TokenStream {
    match expand(attr.into(), item.into()) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn krate(attr: proc_macro2::TokenStream) -> syn::Result<proc_macro2::TokenStream> {
    if attr.is_empty() {
        let pkg = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
        return Ok(if pkg == "cuprum-kernel" {
            quote!(::cuprum_kernel::jit)
        } else {
            quote!(::cuprum::jit)
        });
    }
    let parser = |input: syn::parse::ParseStream| -> syn::Result<syn::Path> {
        input.parse::<syn::Token![crate]>()?;
        input.parse::<syn::Token![=]>()?;
        input.parse::<syn::Path>()
    };
    let p = syn::parse::Parser::parse2(parser, attr)?;
    Ok(quote!(#p))
}

fn expand(
    attr: proc_macro2::TokenStream,
    item: proc_macro2::TokenStream,
) -> syn::Result<proc_macro2::TokenStream> {
    let krate = krate(attr)?;
    let rt = quote!(#krate::rt);
    let f: syn::ItemFn = syn::parse2(item)?;
    let mut k = build::build(f)?;
    let c_body = cgen::body(&k);
    phase::check(&k)?;
    phase::extract(&mut k)?;
    let uniform = phase::uniform_vars(&k);
    let pt = phase::per_thread(&k, &uniform);
    let r = rgen::R {
        k: &k,
        rt: rt.clone(),
        pt,
        uniform,
        n: std::cell::Cell::new(0),
        has_return: phase::has_return(&k.body),
        flat: None,
    };
    let region = r.region(&k.body, &[], false)?;
    let decls = r.block_decls();
    let alive_decl = if r.has_return {
        quote!(let mut __alive = __blk.flags(true)?;)
    } else {
        quote!()
    };

    // parameter bindings of the CPU body
    let mut binds = proc_macro2::TokenStream::new();
    let mut specs = Vec::new();
    for (i, p) in k.params.iter().enumerate() {
        let ety = r.rty(p.elem);
        let name = p.name.to_string();
        match p.kind {
            ir::PKind::In => {
                let a = format_ident!("__arr_{}", p.name);
                binds.extend(quote!(let #a = __b.input::<#ety>(#i);));
            }
            ir::PKind::Out => {
                let a = format_ident!("__arr_{}", p.name);
                binds.extend(quote!(let #a = __b.output::<#ety>(#i);));
            }
            ir::PKind::Scalar => {
                let a = format_ident!("__p_{}", p.name);
                binds.extend(quote!(let #a: #ety = __b.scalar::<#ety>(#i);));
            }
        }
        let kind = match p.kind {
            ir::PKind::In => quote!(#rt::PKind::In),
            ir::PKind::Out => quote!(#rt::PKind::Out),
            ir::PKind::Scalar => quote!(#rt::PKind::Scalar),
        };
        let elem = match p.elem {
            ir::Ty::Gen(g) => quote!(#rt::ElemTy::Gen(#g)),
            ir::Ty::P(pr) => {
                let d = format_ident!("{}", pr.dtype());
                let c = pr.c();
                quote!(#rt::ElemTy::Dt(#rt::DType::#d, #c))
            }
            _ => quote!(#rt::ElemTy::Dt(#rt::DType::Int32, "int")),
        };
        let nd = p.ndim;
        let mnd = p.min_ndim;
        specs.push(quote!(#rt::ParamSpec { name: #name, kind: #kind, elem: #elem, ndim: #nd, min_ndim: #mnd }));
    }

    let gens = &k.generics;
    let (flat_fn, flat_try) = match flat::analyze(&k) {
        Some(f) => (
            flat::function(&k, &f, &rt, &binds)?,
            quote! {
                if __flat::<#(#gens),*>(__l, __b)? {
                    return ::core::result::Result::Ok(());
                }
            },
        ),
        None => (quote!(), quote!()),
    };
    let gnames: Vec<String> = gens.iter().map(|g| g.to_string()).collect();
    // the dispatch over the type parameters' dtypes
    let mut call = quote!(__body::<#(#gens),*>(__l, __b));
    for (g, gi) in gens.iter().enumerate().rev() {
        let arms = [
            ("Int8", "i8"),
            ("Int16", "i16"),
            ("Int32", "i32"),
            ("Int64", "i64"),
            ("UInt8", "u8"),
            ("UInt16", "u16"),
            ("UInt32", "u32"),
            ("UInt64", "u64"),
            ("Float32", "f32"),
            ("Float64", "f64"),
        ]
        .iter()
        .map(|(d, t)| {
            let d = format_ident!("{}", d);
            let t = format_ident!("{}", t);
            quote!(#rt::DType::#d => { type #gi = #t; #call })
        })
        .collect::<Vec<_>>();
        call = quote! {
            match __b.generic(#g) {
                #(#arms)*
                __other => ::core::result::Result::Err(__b.unsupported(#g, __other)),
            }
        };
    }

    let name = &k.name;
    let vis = &k.vis;
    let doc = &k.doc;
    let name_str = name.to_string();
    Ok(quote! {
        #(#doc)*
        #[allow(non_upper_case_globals)]
        #vis static #name: #krate::Kernel = {
            #[allow(unused, unused_mut, unused_labels, unused_variables, unused_parens,
                    non_snake_case, clippy::all)]
            fn __body<#(#gens: #rt::JitElem),*>(
                __l: &#rt::Launch,
                __b: &#rt::Bound<'_>,
            ) -> #rt::Result<()> {
                #flat_try
                #binds
                __l.run_blocks(&|__blk: &#rt::Block<'_>| -> #rt::Result<()> {
                    let __nt = __blk.nt;
                    #alive_decl
                    #decls
                    #region
                    ::core::result::Result::Ok(())
                })
            }
            #flat_fn
            #[allow(non_camel_case_types, clippy::all)]
            fn __cpu(__l: &#rt::Launch, __b: &#rt::Bound<'_>) -> #rt::Result<()> {
                #call
            }
            #krate::Kernel::__new(#rt::Spec {
                name: #name_str,
                generics: &[#(#gnames),*],
                params: &[#(#specs),*],
                body: #c_body,
                cpu: __cpu,
            })
        };
    })
}

#[cfg(test)]
mod tests {
    use super::expand;
    use quote::quote;

    fn error(f: proc_macro2::TokenStream) -> String {
        match expand(quote!(crate = jit), f) {
            Ok(_) => String::new(),
            Err(e) => e
                .into_iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join(" | "),
        }
    }

    #[test]
    fn barriers_under_thread_dependent_control_flow_are_errors() {
        let e = error(quote! {
            fn k(x: &mut [f32]) { if thread_idx().x < 5 { syncthreads(); } }
        });
        assert!(e.contains("thread-dependent"), "{e}");
        assert!(e.contains("this condition depends on the thread"), "{e}");
        // through variables, assignments under a thread-dependent branch, and loops
        let e = error(quote! {
            fn k(x: &mut [f32]) {
                let t = thread_idx().x;
                let mut u = 0u32;
                if t > 3 { u = 1; }
                while u < 4 { syncthreads(); u += 1; }
            }
        });
        assert!(e.contains("thread-dependent"), "{e}");
        let e = error(quote! {
            fn k(x: &mut [f32]) { for i in 0..grid(1) { syncthreads(); } }
        });
        assert!(e.contains("thread-dependent"), "{e}");
        // uniform conditions are fine
        let ok = error(quote! {
            fn k(x: &mut [f32], n: u32) {
                let mut s = block_dim().x / 2;
                while s > 0 { if block_idx().x < n { syncthreads(); } s /= 2; }
            }
        });
        assert_eq!(ok, "");
        let e = error(quote! {
            fn k(x: &mut [f32]) { loop { syncthreads(); } }
        });
        assert!(e.contains("inside `loop`"), "{e}");
        let e = error(quote! {
            fn k(x: &mut [f32]) {
                let mut i = 0;
                while i < 4 { syncthreads(); if x[0] > 0.0 { break; } i += 1; }
            }
        });
        assert!(e.contains("out of a loop that holds"), "{e}");
    }

    #[test]
    fn unsupported_constructs_are_errors() {
        let cases = [
            (
                quote!(
                    fn k(x: &[f32]) {
                        x[0] = 1.0;
                    }
                ),
                "read-only",
            ),
            (
                quote!(
                    fn k(x: &mut [f32], n: i32) {
                        let a = x[0] + n;
                    }
                ),
                "different types",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        let f = |a: f32| a;
                    }
                ),
                "closures",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        println!("hi");
                    }
                ),
                "macros",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        x[0] = x[0].frobnicate();
                    }
                ),
                "unsupported method",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        if x[0] > 0.0 {
                            let s = shared_memory::<f32>(8);
                        }
                    }
                ),
                "top-level",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        if shfl_sync(0xffffffff, x[0], 0) > 0.0 {
                            x[0] = 1.0;
                        }
                    }
                ),
                "bind it with `let`",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) -> f32 {
                        1.0
                    }
                ),
                "returns nothing",
            ),
            (
                quote!(
                    fn k(x: &mut [String]) {}
                ),
                "a type of the kernel",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        x[0] = y;
                    }
                ),
                "unknown name",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        x[0] = 1.0 as bool;
                    }
                ),
                "no cast to bool",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        x[(0, 1)] = 1.0;
                        x[0] = x[(1, 2, 3)];
                    }
                ),
                "another number of indices",
            ),
            (
                quote!(
                    fn k(x: &mut [f32]) {
                        let a = 1;
                        a += 1;
                        x[0] = 1.0 + 2;
                    }
                ),
                "",
            ),
        ];
        for (src, want) in cases {
            let e = error(src.clone());
            if want.is_empty() {
                assert_eq!(e, "", "{src}");
            } else {
                assert!(e.contains(want), "{src}: {e}");
            }
        }
    }

    #[test]
    fn cuda_body_text() {
        let f: syn::ItemFn = syn::parse2(quote! {
            fn k<T>(x: &[T], y: &mut [T], a: T) {
                let sm = shared_memory::<T>(64);
                let i = grid(1);
                let mut s = 0.0 as T;
                for j in (0..4).step_by(2) { s += x[j] * 2.0; }
                sm[0] = s;
                syncthreads();
                if i < y.len() { y[i] = a * sm[0] % 3 as T; }
                let m = atomic_max(y, 0, 1.5);
            }
        })
        .unwrap();
        let k = crate::build::build(f).unwrap();
        let c = crate::cgen::body(&k);
        for want in [
            "__shared__ T s_sm_0[64];",
            "unsigned long long i_1 = ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x);",
            "T s_2 = ((T)(0.0));",
            // the loop variable is an index: the literal range takes its type; the step stops
            // where the next value would leave the type (`__jit_next`)
            "for (unsigned long long j_3 = 0ULL, j_3_end = 4ULL; j_3_go && j_3 < j_3_end; j_3_go = __jit_next(j_3, j_3_end, (unsigned long long)(2ULL), false))",
            "s_2 = ((T)(s_2 + ((T)(p_x[(long long)(j_3)] * ((T)(2.0))))));",
            "__syncthreads();",
            "__jit_rem(((T)(p_a * s_sm_0[0ULL])), ((T)(3)))",
            "__jit_atomic_max(&p_y[(long long)(0ULL)], ((T)(1.5)))",
        ] {
            assert!(c.contains(want), "{want}\n{c}");
        }
    }

    fn flat_of(f: proc_macro2::TokenStream) -> Option<(Vec<usize>, Vec<usize>)> {
        let f: syn::ItemFn = syn::parse2(f).unwrap();
        let mut k = crate::build::build(f).unwrap();
        crate::phase::extract(&mut k).unwrap();
        crate::flat::analyze(&k).map(|f| (f.ins, f.outs))
    }

    #[test]
    fn elementwise_bodies_take_the_flat_path() {
        // `z[i]` read and written, `x[i]` read, `w` read elsewhere too
        let f = flat_of(quote! {
            fn k(x: &[f32], w: &[f32], z: &mut [f32]) {
                let i = grid(1);
                if i < z.len() { z[i] += x[i] * w[i] + w[0]; }
            }
        });
        assert_eq!(f, Some((vec![0, 1], vec![2])));
        // a written array indexed elsewhere stays atomic; with none left, no flat path
        let f = flat_of(quote! {
            fn k(x: &[f32], z: &mut [f32]) { let i = grid(1); z[i + 1] = x[i]; }
        });
        assert_eq!(f, None);
        let f = flat_of(quote! {
            fn k(z: &mut [u32]) { let i = grid(1); atomic_add(z, i, 1u32); }
        });
        assert_eq!(f, None);
        // barriers, shared memory and warp operations keep the block path
        for src in [
            quote!(
                fn k(z: &mut [f32]) {
                    let i = grid(1);
                    syncthreads();
                    z[i] = 1.0;
                }
            ),
            quote!(
                fn k(z: &mut [f32]) {
                    let s = shared_memory::<f32>(4);
                    let i = grid(1);
                    z[i] = 1.0;
                }
            ),
            quote!(
                fn k(z: &mut [f32]) {
                    let i = grid(1);
                    let v = shfl_sync(0xffffffff, 1.0f32, 0);
                    z[i] = v;
                }
            ),
        ] {
            assert_eq!(flat_of(src.clone()), None, "{src}");
        }
        // `grid(2)`'s x is the flat index of a one-dimensional launch (the only launches the
        // flat path takes, checked when it runs)
        let f = flat_of(quote! {
            fn k(z: &mut [f32]) { let (i, j) = grid(2); z[i] = j as f32; }
        });
        assert_eq!(f, Some((vec![], vec![0])));
    }
}
