// SPDX-License-Identifier: EPL-2.0
package org.looptrace.replay.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.eclipse.core.commands.ParameterizedCommand;
import org.eclipse.core.expressions.IEvaluationContext;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.ISources;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.looptrace.lang.ModelText;
import org.looptrace.model.core.Progress;
import org.looptrace.replay.ReplayGenerator;
import org.looptrace.replay.ReplayOptions;
import org.looptrace.replay.ReplayProgram;
import org.looptrace.testsupport.MpiRuns;
import org.looptrace.ui.testsupport.TestProjects;
import org.looptrace.ui.testsupport.Workbench;

/**
 * "Generate Replay Program" on the model of the ring-8 example, as the Project Explorer runs it:
 * the dialog's defaults, the files it writes into the workspace (those the generator makes, which
 * mpicc builds and mpirun runs), and a file of the user's that it does not replace unasked.
 */
class GenerateReplayTest {

	private static final long WAIT = 120_000;

	private final IProject project = TestProjects.project("replayui");
	private IFile model = project.getFile("none");

	@BeforeEach
	void ringModel() throws Exception {
		model = RingModel.create(project);
	}

	@AfterEach
	void deleteProject() throws Exception {
		TestProjects.delete(project);
	}

	@Test
	void writesTheGeneratorsProgramBesideTheModelAndItRuns() throws Exception {
		AtomicReference<ReplaySettings> defaults = new AtomicReference<>();
		AtomicReference<List<String>> browse = new AtomicReference<>();
		generate(dialog -> {
			defaults.set(dialog.settings());
			browse.set(Workbench.controls(dialog.getShell(), Button.class).stream().map(button -> button.getText().replace("&", ""))
					.filter(text -> text.startsWith("Browse")).toList());
			press(dialog.getShell(), "Generate");
		});
		ReplaySettings settings = defaults.get();
		assertNotNull(settings, "no Generate Replay Program dialog");
		assertEquals(List.of("Browse Workspace\u2026", "Browse File System\u2026", "Browse Workspace\u2026", "Browse File System\u2026"), browse.get(),
				"the output and data traces folders, chosen in the workspace or the file system");
		IFolder folder = model.getParent().getFolder(IPath.fromOSString("replay"));
		assertEquals(folder.getLocation().toPath(), settings.folder());
		assertEquals(model.getParent().getLocation().toPath(), settings.options().data(), "the model's data traces");
		Workbench.waitUntil(WAIT, () -> folder.getFile("Makefile").exists() && idle(), "no replay program in " + folder.getFullPath());

		ReplayProgram expected = ReplayGenerator.generate(ModelText.parse(TestProjects.text(model), "model.loops"), model.getName(),
				new ReplayOptions(settings.options().data(), ReplayOptions.Compute.NONE), Progress.NONE);
		for (Map.Entry<String, String> file : expected.files().entrySet()) {
			IFile written = folder.getFile(file.getKey());
			assertTrue(written.exists(), written.getFullPath() + " not in the workspace");
			assertEquals(file.getValue(), TestProjects.text(written), written.getFullPath().toString());
		}
		Path location = folder.getLocation().toPath();
		Path make = location.resolve("make.log");
		assertEquals(0, MpiRuns.run(List.of("make", "-s", "-C", location.toString()), make), () -> MpiRuns.read(make));
		Path run = location.resolve("mpirun.log");
		assertEquals(0, MpiRuns.run(List.of("mpirun", "-np", Integer.toString(expected.ranks()), location.resolve("replay").toString()), run),
				() -> MpiRuns.read(run));
	}

	@Test
	void keepsTheUsersFileWhenNotAllowedToReplaceIt() throws Exception {
		IFolder folder = project.getFolder("ring-8/replay");
		folder.create(true, true, null);
		IFile mine = TestProjects.write(folder.getFile(ReplayProgram.SOURCE), "/* mine */\n");
		AtomicReference<String> question = new AtomicReference<>();
		// The question opens inside the job's syncExec: it is answered from the event loop, as the dialog is.
		whenOpen("Replace Files", shell -> {
			question.set(shell.getText());
			shell.close();
		});
		generate(dialog -> press(dialog.getShell(), "Generate"));
		Workbench.waitUntil(WAIT, () -> question.get() != null && idle(), "no question before replacing " + mine.getFullPath());
		assertEquals("/* mine */\n", TestProjects.text(mine));
		assertTrue(!folder.getFile("Makefile").exists(), "a file written though the user said no");
	}

	/** Runs the command on the model selected, doing {@code answer} in its dialog once it is open. */
	private void generate(Consumer<ReplayDialog> answer) throws Exception {
		whenOpen("Generate Replay Program", shell -> answer.accept((ReplayDialog) shell.getData()));
		IHandlerService handlers = PlatformUI.getWorkbench().getService(IHandlerService.class);
		ICommandService commands = PlatformUI.getWorkbench().getService(ICommandService.class);
		IEvaluationContext context = handlers.createContextSnapshot(false);
		context.addVariable(ISources.ACTIVE_CURRENT_SELECTION_NAME, new StructuredSelection(model));
		handlers.executeCommandInContext(new ParameterizedCommand(commands.getCommand("org.looptrace.replay.ui.generate"), null), null, context);
	}

	/** Does {@code answer} on the shell of that title once it is open (polled from the event loop, which modal dialogs run). */
	private static void whenOpen(String title, Consumer<Shell> answer) {
		Display display = Display.getCurrent();
		Runnable[] poll = new Runnable[1];
		poll[0] = () -> {
			Shell shell = shell(title);
			if (shell != null) {
				answer.accept(shell);
			} else {
				display.timerExec(100, poll[0]);
			}
		};
		display.timerExec(100, poll[0]);
	}

	/** Presses a button of a shell as a click does; whether it found one. */
	private static boolean press(Composite parent, String label) {
		for (Control child : parent.getChildren()) {
			if (child instanceof Button button && label.equals(button.getText())) {
				button.notifyListeners(SWT.Selection, new Event());
				return true;
			}
			if (child instanceof Composite composite && press(composite, label)) {
				return true;
			}
		}
		return false;
	}

	private static @Nullable Shell shell(String title) {
		for (Shell shell : Display.getCurrent().getShells()) {
			if (!shell.isDisposed() && shell.isVisible() && title.equals(shell.getText())) {
				return shell;
			}
		}
		return null;
	}

	private static boolean idle() {
		return Job.getJobManager().find(GenerateReplayJob.FAMILY).length == 0;
	}
}
