//! `cuprum-run`: starts the ranks of a cuprum-distributed job (like `torchrun`).
//!
//! ```text
//! cuprum-run --nproc-per-node N [--nnodes M --node-rank K --master-addr A --master-port P] PROGRAM ARGS...
//! ```
//!
//! Sets `RANK`, `WORLD_SIZE`, `LOCAL_RANK`, `MASTER_ADDR`, `MASTER_PORT`, `CUPRUM_JOB_TOKEN`
//! and `NCCL_NVLS_ENABLE=0` for each rank, prefixes each rank's output lines with `[rank N]`,
//! and when one rank fails ends the others and exits with that rank's code.

use clap::Parser;
use cuprum_distributed::launcher::{LaunchConfig, launch};
use std::ffi::OsString;

/// Start the ranks of a cuprum-distributed job on this node.
#[derive(Parser, Debug)]
#[command(name = "cuprum-run", version, about, trailing_var_arg = true)]
struct Cli {
    /// Processes to start on this node (usually one per GPU).
    #[arg(long = "nproc-per-node", alias = "nproc_per_node", value_name = "N")]
    nproc_per_node: usize,
    /// Number of nodes in the job.
    #[arg(long, default_value_t = 1, value_name = "M")]
    nnodes: usize,
    /// This node's index, 0..M.
    #[arg(
        long = "node-rank",
        alias = "node_rank",
        default_value_t = 0,
        value_name = "K"
    )]
    node_rank: usize,
    /// Host of the rendezvous store (node 0's address).
    #[arg(
        long = "master-addr",
        alias = "master_addr",
        default_value = "127.0.0.1",
        value_name = "A"
    )]
    master_addr: String,
    /// Port of the rendezvous store (0: any free port, single node only).
    #[arg(
        long = "master-port",
        alias = "master_port",
        default_value_t = 29500,
        value_name = "P"
    )]
    master_port: u16,
    /// Do not prefix output lines with `[rank N]`.
    #[arg(long)]
    no_prefix: bool,
    /// The program to run, then its arguments.
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true, value_name = "PROGRAM ARGS")]
    command: Vec<OsString>,
}

fn main() {
    let cli = Cli::parse();
    let mut command = cli.command.into_iter();
    let Some(program) = command.next() else {
        eprintln!("cuprum-run: no program given");
        std::process::exit(2);
    };
    let cfg = LaunchConfig::new(cli.nproc_per_node, program)
        .args(command)
        .nodes(cli.nnodes, cli.node_rank)
        .master(cli.master_addr, cli.master_port)
        .prefix_output(!cli.no_prefix);
    match launch(&cfg) {
        Ok(out) => std::process::exit(out.code),
        Err(e) => {
            eprintln!("cuprum-run: {e}");
            std::process::exit(1);
        }
    }
}
