//! Graphs.

use super::*;

/// Destroys a raw graph (`cupy.cuda.runtime.graphDestroy`, `cuGraphDestroy`). A cuprum
/// [`Graph`](crate::graph::Graph) destroys its own handles when dropped: this is for graphs made
/// through the driver API directly.
///
/// # Safety
/// `graph` must be a live graph of device `device`, not owned by a [`Graph`](crate::graph::Graph),
/// destroyed once.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn graph_destroy(device: usize, graph: sys::CUgraph) -> Result<()> {
    bind("graph_destroy", device)?;
    // SAFETY: the caller's contract.
    call("cuGraphDestroy", || unsafe { sys::cuGraphDestroy(graph) })
}

/// Destroys a raw executable graph (`cupy.cuda.runtime.graphExecDestroy`,
/// `cuGraphExecDestroy`); see [`graph_destroy`].
///
/// # Safety
/// As [`graph_destroy`], for an executable graph with no launch still running.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn graph_exec_destroy(device: usize, exec: sys::CUgraphExec) -> Result<()> {
    bind("graph_exec_destroy", device)?;
    // SAFETY: the caller's contract.
    call("cuGraphExecDestroy", || unsafe {
        sys::cuGraphExecDestroy(exec)
    })
}

/// Uploads an executable graph ahead of its first launch (`cupy.cuda.runtime.graphUpload(exec,
/// stream)`); the same as [`Graph::upload`](crate::graph::Graph::upload).
///
/// # Errors
/// As [`Graph::upload`](crate::graph::Graph::upload).
pub fn graph_upload(graph: &crate::graph::Graph, stream: &Stream) -> Result<()> {
    graph.upload(stream)
}

/// Writes a graph as a Graphviz DOT file (`cupy.cuda.runtime.graphDebugDotPrint(graph, path,
/// flags)`); the same as [`Graph::debug_dot_print`](crate::graph::Graph::debug_dot_print).
///
/// # Errors
/// As [`Graph::debug_dot_print`](crate::graph::Graph::debug_dot_print).
pub fn graph_debug_dot_print(
    graph: &crate::graph::Graph,
    path: &std::path::Path,
    flags: u32,
) -> Result<()> {
    graph.debug_dot_print(path, flags)
}
