//! `beeline learn`: the built-in courses listed and written out as study files that
//! `beeline study check` passes and that read back as the courses.

mod common;

use beeline::learn::course::COURSES;
use common::{beeline, err, out, scratch};

#[test]
fn list_names_each_course_and_its_chapters() {
    let o = beeline(&["learn", "--list"]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    for course in COURSES {
        let study = course.study();
        let head = format!(
            "{}\t{}\t{} chapters",
            course.id,
            study.title,
            study.chapters.len()
        );
        assert!(text.contains(&head), "{head} in\n{text}");
        for (i, c) in study.chapters.iter().enumerate() {
            assert!(
                text.contains(&format!("{:2}. {}\n", i + 1, c.name)),
                "{}",
                c.name
            );
        }
    }
    assert!(text.starts_with("rules\tHive: the rules\t"));
}

#[test]
fn export_writes_files_that_study_check_passes_and_that_read_back_as_the_courses() {
    let dir = scratch("learn-export");
    let o = beeline(&["learn", "--export", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", err(&o));
    for course in COURSES {
        let path = dir.join(course.file_name());
        assert!(out(&o).contains(&path.display().to_string()));
        let check = beeline(&["study", "check", path.to_str().unwrap()]);
        assert!(check.status.success(), "{}: {}", course.id, err(&check));
        let text = std::fs::read_to_string(&path).unwrap();
        let read = beeline::study::file::read(&text);
        assert_eq!(read.studies, vec![course.study()]);
    }
}

#[test]
fn learn_asks_for_one_thing_to_do() {
    let o = beeline(&["learn"]);
    assert!(!o.status.success());
    let o = beeline(&["learn", "--list", "--export", "x"]);
    assert!(!o.status.success());
    assert!(err(&o).contains("cannot be used with"), "{}", err(&o));
}
