// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.looptrace.ui.LoopTraceUi;
import org.looptrace.ui.testsupport.Workbench;

/**
 * Projects whose {@code .project} lists the LoopTrace nature but not its builders (made before a
 * builder existed, imported, checked out) get the builders, after the builders they have; projects
 * without the nature keep their build spec as it is.
 */
class NatureBuildersTest {

	private static final long WAIT_MILLIS = 30_000;
	/** A builder of another plug-in, which the platform keeps in the build spec though it does not know it. */
	private static final String OTHER = "org.example.otherBuilder";
	private static final String NATURE = LoopTraceUi.NATURE_ID;

	private final IWorkspace workspace = ResourcesPlugin.getWorkspace();
	private final List<IProject> created = new ArrayList<>();

	@AfterEach
	void deleteProjects() throws CoreException {
		for (IProject project : created) {
			project.delete(true, true, null);
		}
	}

	@Test
	void anImportedProjectWithTheNatureGetsItsBuildersAfterItsOthers(@TempDir Path folder) throws Exception {
		IProject old = importProject(folder, "old nature", List.of(NATURE), List.of(OTHER));
		IProject foreign = importProject(folder, "no nature", List.of(), List.of(OTHER));
		waitForBuilders(old, List.of(OTHER, LoopTraceUi.BUILDER_ID, LoopTraceUi.MODEL_BUILDER_ID));
		waitForRepairs();
		assertEquals(List.of(OTHER), builders(foreign), "a project without the nature is left alone");
		assertEquals(List.of(NATURE), List.of(old.getDescription().getNatureIds()));
		assertEquals(List.of(), List.of(foreign.getDescription().getNatureIds()));
	}

	@Test
	void aProjectWithTheNatureOnlyGetsBothBuilders(@TempDir Path folder) throws Exception {
		IProject old = importProject(folder, "nature only", List.of(NATURE), List.of());
		waitForBuilders(old, List.of(LoopTraceUi.BUILDER_ID, LoopTraceUi.MODEL_BUILDER_ID));
	}

	@Test
	void aDescriptionChangedOnDiskOrWhileClosedGetsTheBuildersBack(@TempDir Path folder) throws Exception {
		IProject project = importProject(folder, "checked out", List.of(NATURE), List.of(OTHER, LoopTraceUi.MODEL_BUILDER_ID));
		List<String> all = List.of(OTHER, LoopTraceUi.MODEL_BUILDER_ID, LoopTraceUi.BUILDER_ID);
		waitForBuilders(project, all);
		waitForRepairs(); // the job writes .project after the description it shows

		// an older .project checked out over it
		writeDescription(project.getLocation().toPath(), project.getName(), List.of(NATURE), List.of(OTHER));
		project.refreshLocal(IResource.DEPTH_ONE, null);
		waitForBuilders(project, List.of(OTHER, LoopTraceUi.BUILDER_ID, LoopTraceUi.MODEL_BUILDER_ID));

		// and while the project is closed
		project.close(null);
		writeDescription(project.getLocation().toPath(), project.getName(), List.of(NATURE), List.of(LoopTraceUi.MODEL_BUILDER_ID, OTHER));
		project.open(null);
		waitForBuilders(project, List.of(LoopTraceUi.MODEL_BUILDER_ID, OTHER, LoopTraceUi.BUILDER_ID));
	}

	/** A project written on disk with its {@code .project}, then imported as File ▸ Import ▸ Existing Projects does. */
	private IProject importProject(Path parent, String name, List<String> natures, List<String> builders)
			throws IOException, CoreException {
		Path location = Files.createDirectories(parent.resolve(name));
		writeDescription(location, name, natures, builders);
		var description = workspace.loadProjectDescription(IPath.fromPath(location.resolve(".project")));
		IProject project = workspace.getRoot().getProject(description.getName());
		project.create(description, null);
		created.add(project);
		project.open(null);
		return project;
	}

	private static void writeDescription(Path location, String name, List<String> natures, List<String> builders) throws IOException {
		StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<projectDescription>\n");
		xml.append("  <name>").append(name).append("</name>\n  <comment></comment>\n  <projects></projects>\n  <buildSpec>\n");
		for (String builder : builders) {
			xml.append("    <buildCommand><name>").append(builder).append("</name><arguments></arguments></buildCommand>\n");
		}
		xml.append("  </buildSpec>\n  <natures>\n");
		for (String nature : natures) {
			xml.append("    <nature>").append(nature).append("</nature>\n");
		}
		xml.append("  </natures>\n</projectDescription>\n");
		Files.writeString(location.resolve(".project"), xml, StandardCharsets.UTF_8);
	}

	private static List<String> builders(IProject project) throws CoreException {
		return Arrays.stream(project.getDescription().getBuildSpec()).map(ICommand::getBuilderName).toList();
	}

	private static void waitForBuilders(IProject project, List<String> expected) {
		Workbench.waitUntil(WAIT_MILLIS, () -> {
			try {
				return expected.equals(builders(project));
			} catch (CoreException e) {
				return false;
			}
		}, () -> {
			try {
				return project.getName() + " has the builders " + builders(project) + ", not " + expected;
			} catch (CoreException e) {
				return e.getMessage();
			}
		});
	}

	private static void waitForRepairs() throws InterruptedException {
		Workbench.runEventLoop(200);
		Job.getJobManager().join(NatureBuilders.JOB_FAMILY, null);
	}
}
