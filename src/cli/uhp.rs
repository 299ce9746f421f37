//! `beeline uhp`: the Universal Hive Protocol engine on standard input and output.

use beeline::search::uhp::UhpEngine;
use beeline::search::WallClock;
use std::io::{BufRead, Write};

/// Run as a Universal Hive Protocol engine on standard input and output (for
/// MzingaViewer and other UHP tools).
#[derive(clap::Args)]
pub struct UhpArgs {}

/// One command per line, each answered before the next is read.
pub fn run(_: UhpArgs) -> Result<(), String> {
    let mut engine = UhpEngine::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let write = |out: &mut std::io::StdoutLock, lines: &[String]| -> Result<(), String> {
        for l in lines {
            writeln!(out, "{l}").map_err(|e| format!("cannot write: {e}"))?;
        }
        out.flush().map_err(|e| format!("cannot write: {e}"))
    };
    write(&mut out, &engine.greeting())?;
    for line in std::io::stdin().lock().lines() {
        // The clock starts when the command arrives: `bestmove time` counts from here.
        let clock = WallClock::start();
        let line = line.map_err(|e| format!("cannot read standard input: {e}"))?;
        let reply = engine.command(&line, &clock);
        if reply.exit {
            break;
        }
        for l in &reply.log {
            eprintln!("{l}");
        }
        write(&mut out, &reply.lines)?;
    }
    Ok(())
}
