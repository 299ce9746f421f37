//! The report as the browser shows it: HTML and SVG text, written natively and tested here.
